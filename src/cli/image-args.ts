/**
 * A catalog image wherever a command takes a folder (`validate`, `workspace`, `diff`, `open`): an
 * argument that is no file here but reads as an image reference is pulled with the registry client
 * (src/node/registry) and its FBC folder, unpacked in the image cache, stands in for it. What the
 * command prints names the image as the user wrote it, never the cache path.
 */
import { existsSync } from 'node:fs';
import type { Io } from './command-args';

/** The registry flags of a command that pulls (declared once in commands.ts as REGISTRY + MIRRORS). */
export interface RegistryCommandFlags {
  useHttp?: boolean;
  skipTlsVerify?: boolean;
  caFile?: string;
  mirrors?: string[];
}

/**
 * Whether an argument that is not a folder here names an image (`quay.io/org/index:v4.18`,
 * `registry/index@sha256:…`, `name:tag`): a catalog image opens read-only through the registry client.
 */
export function looksLikeImage(arg: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(arg)) return true;
  const [first, ...rest] = arg.split('/');
  if (rest.length > 0 && first !== undefined && (/[.:]/.test(first) || first === 'localhost')) return true;
  return /^[a-z0-9][a-z0-9._/-]*:[\w][\w.-]{0,127}$/.test(arg);
}

/** An argument to pull: nothing by that name here, and it reads as an image reference. */
export function isImageArgument(arg: string): boolean {
  return !existsSync(arg) && looksLikeImage(arg);
}

/** The registry client's flags from a command's parsed options. */
export function registryFlags(o: RegistryCommandFlags) {
  return {
    useHttp: o.useHttp === true,
    skipTlsVerify: o.skipTlsVerify === true,
    ...(o.caFile ? { caFile: o.caFile } : {}),
    ...(o.mirrors?.length ? { mirrors: o.mirrors } : {}),
  };
}

/** Each image argument's unpacked folder, the other arguments unchanged. */
export interface ImageArguments {
  paths: string[];
  /** Cache folder → the reference as given, for what the command prints. */
  names: Map<string, string>;
}

/**
 * Pulls every image among `args` (in parallel); a bundle image is refused, as only a catalog is a
 * folder of FBC. Throws with the registry client's message (which names the image) on failure.
 */
export async function pullImageArguments(
  args: readonly string[],
  o: RegistryCommandFlags,
  warn: (s: string) => void,
): Promise<ImageArguments> {
  const names = new Map<string, string>();
  if (!args.some(isImageArgument)) return { paths: [...args], names };
  const registry = await import('../node/registry');
  const options = registry.pullOptions(registryFlags(o), warn);
  const paths = await Promise.all(
    args.map(async (arg) => {
      if (!isImageArgument(arg)) return arg;
      const image = await registry.pullImage(arg, options);
      if (image.kind !== 'catalog')
        throw new Error(
          `${arg} is a bundle image, not a catalog image: \`fbc-studio render ${arg}\` shows it`,
        );
      if (image.mirror) warn(`pulled ${arg} from the mirror ${image.mirror}\n`);
      names.set(image.dir, arg);
      return image.dir;
    }),
  );
  return { paths, names };
}

/** `io` with every cache folder in what is written replaced by the image it holds. */
export function namingImages(io: Io, names: ReadonlyMap<string, string>): Io {
  if (names.size === 0) return io;
  // Longest first, so a folder inside another is replaced whole.
  const pairs = [...names].sort((a, b) => b[0].length - a[0].length);
  const name = (s: string) => pairs.reduce((t, [dir, ref]) => t.split(dir).join(ref), s);
  return { ...io, out: (s) => io.out(name(s)), err: (s) => io.err(name(s)) };
}

/**
 * Runs `command` on the arguments with each image replaced by its folder, output naming the image.
 * A pull that fails is the command's error `failCode`, its reason on stderr.
 */
export async function withImageArguments(
  name: string,
  args: readonly string[],
  o: RegistryCommandFlags,
  io: Io,
  failCode: number,
  command: (paths: string[], io: Io) => Promise<number>,
): Promise<number> {
  let pulled: ImageArguments;
  try {
    pulled = await pullImageArguments(args, o, io.err);
  } catch (e) {
    io.err(`fbc-studio ${name}: ${(e as Error).message}\n`);
    return failCode;
  }
  return command(pulled.paths, namingImages(io, pulled.names));
}
