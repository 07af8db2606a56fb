import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from './helpers.js';

/** What the test server answers to the next message: accept it, or refuse with a reply. */
export type Reply = 'accept' | { code: number; text: string };

/**
 * A real SMTP server on a free port (smtp-server), keeping each accepted message parsed back
 * (mailparser). `replies` are used one per message, then `accept` (or the last one, `always`).
 */
export class TestSmtpServer {
  readonly received: ParsedMail[] = [];
  /** Messages offered, accepted or not. */
  offered = 0;
  private replies: Reply[] = [];
  private always: Reply = 'accept';
  private readonly server: SMTPServer;
  url = '';

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.offered += 1;
          const reply = this.replies.shift() ?? this.always;
          if (reply !== 'accept') {
            const error = Object.assign(new Error(reply.text), { responseCode: reply.code });
            callback(error);
            return;
          }
          simpleParser(Buffer.concat(chunks)).then(
            (mail) => {
              this.received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  /** The next messages get these replies, one each; `always` after them. */
  answer(replies: Reply[], always: Reply = 'accept'): void {
    this.replies = [...replies];
    this.always = always;
  }

  reset(): void {
    this.received.length = 0;
    this.offered = 0;
    this.answer([]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface MailApp extends TestApp {
  smtp: TestSmtpServer | undefined;
}

/**
 * An API server on a fresh database with a real SMTP server behind it, or none (`held` mail);
 * signed-in clients are Dana Reyes, the name the mails and notices show.
 */
export async function startMailApp({
  withSmtp,
  from,
  retryDelaysMs,
}: {
  withSmtp: boolean;
  from: string;
  retryDelaysMs: number[];
}): Promise<MailApp> {
  const smtp = withSmtp ? await new TestSmtpServer().start() : undefined;
  const app = await startTestApp(
    { mail: { smtpUrl: smtp?.url, from } },
    { mail: { retryDelaysMs }, user: { firstName: 'Dana', lastName: 'Reyes' } },
  );
  const closeApp = app.close;
  return Object.assign(app, {
    smtp,
    async close() {
      await closeApp();
      await smtp?.close();
    },
  });
}
