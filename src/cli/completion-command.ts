/**
 * `fbc-studio completion bash|zsh`: a completion script made from the declarations (commands.ts),
 * so a new command or option completes with nothing else to change. Commands and sub-commands
 * complete by name, options by flag, an option's declared values after it (`-o <TAB>`), and
 * everything else as file names.
 */
import type { Io } from './command-args';
import { COMMANDS } from './commands';
import type { CommandSpec } from './declare';

interface Entry {
  /** `validate`, `crossplane validate`; '' for the top level. */
  key: string;
  /** What may follow: sub-commands, or the command's flags. */
  words: string[];
  /** Per flag that takes listed values: the values. */
  values: [flag: string, values: readonly string[]][];
  /** The first argument's values (`completion bash|zsh`). */
  argValues?: readonly string[];
  /** For sub-commands: name and summary (zsh shows them). */
  described: [name: string, summary: string][];
}

function flagsOf(flags: string): string[] {
  return flags.match(/-{1,2}[\w-]+/g) ?? [];
}

function entries(specs: readonly CommandSpec[], key = ''): Entry[] {
  const here: Entry = {
    key,
    words: [...specs.map((s) => s.name), 'help'],
    values: [],
    described: specs.map((s) => [s.name, s.summary]),
  };
  const below = specs.flatMap((s): Entry[] => {
    const k = key ? `${key} ${s.name}` : s.name;
    if (s.commands) return entries(s.commands, k);
    const options = s.options ?? [];
    return [
      {
        key: k,
        words: [...options.flatMap((o) => flagsOf(o.flags)), '-h', '--help'],
        values: options.flatMap((o) => {
          const values = o.values;
          return values ? flagsOf(o.flags).map((f): [string, readonly string[]] => [f, values]) : [];
        }),
        ...(s.argValues ? { argValues: s.argValues } : {}),
        described: [],
      },
    ];
  });
  return [here, ...below];
}

const GROUPS = COMMANDS.filter((c) => c.commands).map((c) => c.name);

/** Shell-quoted (single quotes). */
function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The loop both shells run: the command key from the words before the cursor. */
function keyLoop(wordsVar: string, from: string, to: string): string {
  return `  local key='' w i
  for ((i = ${from}; i < ${to}; i++)); do
    w=${wordsVar}[i]
    [[ $w == -* ]] && continue
    case "$key" in
      '') key=$w ;;
      ${GROUPS.join('|')}) key="$key $w" ;;
      *) break ;;
    esac
  done`;
}

export function bashScript(): string {
  const all = entries(COMMANDS);
  const valueCases = all.flatMap((e) =>
    e.values.map(([flag, values]) => `    ${q(`${e.key}|${flag}`)}) words=${q(values.join(' '))} ;;`),
  );
  const keyCases = all.map((e) => `    ${q(e.key)}) words=${q(e.words.join(' '))} ;;`);
  const argCases = all.flatMap((e) =>
    e.argValues ? [`    ${q(e.key)}) args=${q(e.argValues.join(' '))} ;;`] : [],
  );
  return `# fbc-studio completion for bash: source <(fbc-studio completion bash)
_fbc_studio() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} words='' args=''
${keyLoop('${COMP_WORDS', '1', 'COMP_CWORD').replace('${COMP_WORDS[i]', '${COMP_WORDS[i]}')}
  case "$key|$prev" in
${valueCases.join('\n')}
  esac
  if [[ -n $words ]]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); return; fi
  case "$key" in
${argCases.join('\n')}
  esac
  case "$key" in
${keyCases.join('\n')}
  esac
  if [[ $cur == -* || $key == '' || " ${GROUPS.join(' ')} " == *" $key "* ]]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  elif [[ -n $args ]]; then
    COMPREPLY=($(compgen -W "$args" -- "$cur"))
  fi
}
complete -o default -o bashdefault -F _fbc_studio fbc-studio
`;
}

export function zshScript(): string {
  const all = entries(COMMANDS);
  const valueCases = all.flatMap((e) =>
    e.values.map(
      ([flag, values]) => `    ${q(`${e.key}|${flag}`)}) compadd -- ${values.join(' ')}; return ;;`,
    ),
  );
  const groupCases = all
    .filter((e) => e.described.length > 0)
    .map((e) => {
      const items = [...e.described, ['help', 'help for a command'] as const].map(([n, s]) => q(`${n}:${s}`));
      return `    ${q(e.key)}) local -a cmds; cmds=(${items.join(' ')}); _describe -t commands 'fbc-studio command' cmds; return ;;`;
    });
  const flagCases = all
    .filter((e) => e.described.length === 0)
    .map(
      (e) =>
        `    ${q(e.key)}) flags=(${e.words.join(' ')})${e.argValues ? `; args=(${e.argValues.join(' ')})` : ''} ;;`,
    );
  return `#compdef fbc-studio
# fbc-studio completion for zsh: source <(fbc-studio completion zsh)
_fbc_studio() {
  local -a flags args
${keyLoop('$words', '2', 'CURRENT')}
  case "$key|\${words[CURRENT-1]}" in
${valueCases.join('\n')}
  esac
  case "$key" in
${groupCases.join('\n')}
${flagCases.join('\n')}
  esac
  if [[ $PREFIX == -* ]]; then compadd -- $flags
  elif (( \${#args} )); then compadd -- $args
  else _files
  fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _fbc_studio "$@"; else compdef _fbc_studio fbc-studio; fi
`;
}

export function completionCommand(shell: string, io: Io): number {
  io.out(shell === 'zsh' ? zshScript() : bashScript());
  return 0;
}
