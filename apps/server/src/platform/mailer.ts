import nodemailer from 'nodemailer';

/** One plain-text e-mail. */
export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /**
   * Puts a message in the outgoing queue and returns at once (a request never waits for SMTP). False when the
   * queue is full: the caller must then not tell anyone that a mail is on its way.
   */
  queue(message: MailMessage): boolean;
  /** Resolves when every queued message was delivered or given up on (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops taking messages, waits up to `graceMs` for the queue, then closes the SMTP connection. */
  close(graceMs?: number): Promise<void>;
};

export type MailerOptions = {
  /** smtp:// or smtps:// URL, with user and password in it when the server needs them. */
  url: string;
  /** The From header, e.g. 'Souq <orders@souq.test>'. */
  from: string;
  log: (msg: string) => void;
  /** Waits before the 2nd, 3rd, … attempt of a message (SMTP down, greylisting). */
  retryDelaysMs?: number[];
  /** Messages waiting at most; beyond it queue() refuses. */
  maxQueued?: number;
};

const DEFAULT_RETRY_DELAYS_MS = [2_000, 30_000, 120_000];
const DEFAULT_MAX_QUEUED = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Outgoing mail over SMTP (nodemailer). Messages are sent one after another by an in-process queue with a few
 * retries, so a slow or unavailable mail server never slows down or fails the request that wrote the mail.
 * The queue lives in memory: messages still waiting when the process stops are lost (decision 0012).
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(opts.url);
  const retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxQueued = opts.maxQueued ?? DEFAULT_MAX_QUEUED;
  const waiting: MailMessage[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  async function deliver(message: MailMessage) {
    for (let attempt = 0; ; attempt++) {
      try {
        await transport.sendMail({ from: opts.from, ...message });
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (attempt >= retryDelays.length || closed) {
          // the address is the customer's: the log names the subject only
          opts.log(`mail "${message.subject}" not sent after ${attempt + 1} attempt(s): ${reason}`);
          return;
        }
        await sleep(retryDelays[attempt]!);
      }
    }
  }

  async function drain() {
    for (let next = waiting.shift(); next; next = waiting.shift()) await deliver(next);
    running = null;
  }

  async function idle() {
    while (running) await running;
  }

  return {
    queue(message) {
      if (closed || waiting.length >= maxQueued) return false;
      waiting.push(message);
      running ??= drain();
      return true;
    },
    idle,
    async close(graceMs = 5_000) {
      closed = true;
      await Promise.race([idle(), sleep(graceMs)]);
      transport.close();
    },
  };
}
