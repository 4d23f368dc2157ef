import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { accountMessages } from '@dwellscape/shared';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * Sign-ins and sign-ups running at once in this process: each spends an argon2 hash or verification
 * (some 11 ms of a core and 19 MiB, on libuv's pool of 4 threads, which file reads and compression
 * share) and a handful of queries. Left unbounded, 300 sign-ins at once held /api/health for 8 s on
 * PGlite, whose queries run on the event loop: in turns, one per core, a burst costs the loop no
 * more than two calls at a time, and waiting calls cost nothing.
 */
export const PASSWORD_WORK_AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));
/** Calls waiting for a turn: under a second of work. Past it a call is refused at once (503). */
export const PASSWORD_WORK_QUEUE = 64;

/** Thrown when the password work queue is full: the route answers 503 with Retry-After. */
export class PasswordWorkBusyError extends Error {
  readonly retryAfterSeconds = 1;

  constructor() {
    super('password work queue is full');
    this.name = 'PasswordWorkBusyError';
  }
}

/** A counting semaphore with a bounded queue, served in arrival order. */
export class PasswordWorkGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly atOnce = PASSWORD_WORK_AT_ONCE,
    readonly queue = PASSWORD_WORK_QUEUE,
  ) {}

  /** Calls running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /** Runs `work` in its turn; throws PasswordWorkBusyError at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.atOnce) {
      if (this.#waiting.length >= this.queue) throw new PasswordWorkBusyError();
      // a finishing call hands its turn straight to the first waiter, so no newcomer slips in between
      await new Promise<void>((start) => this.#waiting.push(start));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/** The one gate of this process: sign-in, sign-up and any later password change take their turn in it. */
export const passwordWork = new PasswordWorkGate();

/** argon2id with the library's defaults, m=19 MiB, t=2, p=1: the OWASP minimum (decision 0016). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * The hash of a random password nobody kept, made with the same parameters as every account's:
 * a sign-in for an unknown username (or a sample user, who has no password) verifies against it,
 * so it costs the same time as a wrong password and ends with the same answer.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$2pcXKJ6XHNXsPyn1h0Dlqw$mHa/EyX0Tv5Ce0wLvQoi3Uyk9M3vcOWzPTUueqPT9sQ';

/** Whether `password` is the account's; with no hash it still spends a full verification, then says no. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  let matches: boolean;
  try {
    matches = await verify(passwordHash ?? DUMMY_PASSWORD_HASH, password);
  } catch {
    // a hash argon2 cannot read matches nothing
    matches = false;
  }
  return passwordHash !== null && matches;
}

const commonPasswords = new Set(COMMON_PASSWORDS);

/** How people spell letters with digits and symbols ('p@ssw0rd'). */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

/** Keys and letters in the order fingers and alphabets run over them; a run may go either way. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'zaq1xsw2cde3vfr4bgt5nhy6mju7ki8lo9p0',
  '`1234567890-=',
  '~!@#$%^&*()_+',
];

const steps = new Set<string>();
for (const sequence of SEQUENCES) {
  for (let i = 0; i + 1 < sequence.length; i++) {
    steps.add(sequence[i]! + sequence[i + 1]!);
    steps.add(sequence[i + 1]! + sequence[i]!);
  }
}

/** 'qwertyuiop', '0987654321', 'abcdefghij', '1qaz2wsx3edc': each key the neighbour of the last. */
function isRun(text: string): boolean {
  for (let i = 0; i + 1 < text.length; i++) {
    if (!steps.has(text[i]! + text[i + 1]!)) return false;
  }
  return true;
}

/** 'aaaaaaaaaa', 'ababababab', 'abcabcabca', 'passpasspass': one short piece over and over. */
function isRepetition(text: string): boolean {
  for (let unit = 1; unit <= text.length / 2; unit++) {
    if (
      text
        .slice(0, unit)
        .repeat(Math.ceil(text.length / unit))
        .slice(0, text.length) === text
    )
      return true;
  }
  return false;
}

const unLeet = (text: string) => [...text].map((c) => LEET[c] ?? c).join('');

/**
 * Whether a guesser would try this password early: one of the common passwords, or one of them
 * with capitals, l33t spelling and digits or symbols around it; a keyboard or alphabet run; one
 * piece repeated; or almost a single character.
 */
export function isGuessablePassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower) || commonPasswords.has(unLeet(lower))) return true;
  if (new Set(lower).size <= 3 || isRun(lower) || isRepetition(lower)) return true;
  // the stem between leading and trailing digits and symbols: 'Summer2024!', '!!qwerty123'
  const stem = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (stem.length === 0) return false;
  const readableStem = unLeet(stem);
  return (
    commonPasswords.has(stem) ||
    commonPasswords.has(readableStem) ||
    (stem.length >= 4 && (isRun(stem) || isRepetition(readableStem)))
  );
}

/** The rule a new password breaks (beyond its length, which the body schema checks), or null. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.toLowerCase().includes(username.toLowerCase())) return accountMessages.passwordHasUsername;
  if (isGuessablePassword(password)) return accountMessages.passwordWeak;
  return null;
}
