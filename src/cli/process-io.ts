/**
 * The process's standard streams as a run's Io.
 *
 * Writes go straight to the file descriptor (fs.writeSync), which is what process.stdout does on
 * POSIX for a file, a pipe or a terminal (synchronous writes), without building Node's stream
 * objects: those load node:net and node:stream, a few milliseconds of every start-up. A descriptor
 * that cannot take a write at once (a non-blocking pipe: EAGAIN) hands the rest of the run's output
 * to process.stdout / process.stderr, which wait for it; so does Windows, whose console wants them.
 *
 * A reader that stops early (`validate … | head`) closes the pipe: the next write fails with EPIPE
 * (Node ignores SIGPIPE), which through process.stdout was an unhandled 'error' event and a stack
 * trace. The run stops writing to that stream, quietly, as git or grep do; unlike them (killed by
 * SIGPIPE: 141) it finishes and exits with its verdict, so that under `set -o pipefail` (GitHub
 * Actions' bash) `validate … | head` fails exactly when the catalog does, as without `head`.
 *
 * Whether a stream takes colours (a terminal) is asked only when a command wants to know, and of
 * Node's stream only when an fstat leaves it possible (mayBeTerminal): the stream's terminal check
 * loads node:tty (and node:net), which output to a pipe or a file never needs.
 */
import { fstatSync, writeSync } from 'node:fs';
import { wantsColor, type Io } from './command-args';

/** One standard stream: its descriptor until it cannot take a write at once, then its Node stream. */
class Channel {
  private closed = false;
  private stream: NodeJS.WriteStream | undefined;

  constructor(
    private readonly fd: 1 | 2,
    private readonly nodeStream: () => NodeJS.WriteStream,
  ) {
    if (process.platform === 'win32') this.stream = this.takeStream();
  }

  /** A string, or bytes the caller reuses once this returns (a stream is given a copy). */
  write(s: string | Uint8Array): void {
    if (this.closed) return;
    if (this.stream) {
      this.stream.write(typeof s === 'string' ? s : Buffer.from(s));
      return;
    }
    let rest: string | Uint8Array = s;
    try {
      for (;;) {
        const n = typeof rest === 'string' ? writeSync(this.fd, rest) : writeSync(this.fd, rest);
        const total = typeof rest === 'string' ? Buffer.byteLength(rest) : rest.length;
        if (n >= total) return;
        // A short write (a signal, a full pipe): the rest, as bytes.
        rest = (typeof rest === 'string' ? Buffer.from(rest) : rest).subarray(n);
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        this.closed = true;
        return;
      }
      if (code !== 'EAGAIN') throw e;
      this.stream = this.takeStream();
      this.stream.write(typeof rest === 'string' ? rest : Buffer.from(rest));
    }
  }

  private takeStream(): NodeJS.WriteStream {
    const stream = this.nodeStream();
    stream.on('error', (e: NodeJS.ErrnoException) => {
      // Writes made before the first error was reported fail as writes to a destroyed stream.
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
      this.closed = true;
    });
    return stream;
  }
}

export function processIo(): Io {
  const out = new Channel(1, () => process.stdout);
  const err = new Channel(2, () => process.stderr);
  let color: Io['color'];
  return {
    out: (s) => out.write(s),
    outBytes: (b) => out.write(b),
    err: (s) => err.write(s),
    get color() {
      color ??= {
        out: wantsColor({
          get isTTY() {
            return mayBeTerminal(1) && process.stdout.isTTY;
          },
        }),
        err: wantsColor({
          get isTTY() {
            return mayBeTerminal(2) && process.stderr.isTTY;
          },
        }),
      };
      return color;
    },
    stdin: readStdin,
  };
}

/**
 * False when the descriptor is certainly not a terminal (a pipe, a file, a socket: what a CI job's
 * output is), told by one fstat. Only a character device is asked of Node's stream, whose isTTY
 * builds the stream and loads node:tty, node:net and node:stream (~4 ms of a small run's start-up).
 */
function mayBeTerminal(fd: 1 | 2): boolean {
  if (process.platform === 'win32') return true;
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return true; // let Node's stream decide, as before
  }
}

/** All of standard input as UTF-8 (process.stdin is made only when a command asks). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
