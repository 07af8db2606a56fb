import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free port, keeping each message parsed back, and the app pointed at it:
 * awaited at a test file's module scope, it runs before lib/per-file-app.ts's beforeAll starts
 * the app, which reads SMTP_URL and MAIL_FROM when it starts.
 */
export async function receiveMail(from: string) {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  process.env.MAIL_FROM = from;
  return {
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
