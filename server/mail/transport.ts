import nodemailer from 'nodemailer';

/** One letter as it goes out. */
export interface Letter {
  to: string;
  subject: string;
  html: string;
  text?: string | null;
  /** the Message-ID header (`<id@host>`): the same on every resend of the letter */
  messageId?: string | null;
}

/** Where letters go: SMTP (nodemailer) in production; anything with the same shape in a test of the sender. */
export interface MailTransport {
  send(letter: Letter): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL (`smtp://user:pass@host:port`, `smtps://` for TLS), sending as MAIL_FROM. */
export function smtpTransport(url: string, from: string): MailTransport {
  // short timeouts: a hanging server must not hold a claimed letter for minutes
  const smtp = new URL(url);
  const transport = nodemailer.createTransport({
    host: smtp.hostname,
    port: smtp.port ? Number(smtp.port) : undefined,
    secure: smtp.protocol === 'smtps:',
    auth: smtp.username ? { user: decodeURIComponent(smtp.username), pass: decodeURIComponent(smtp.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(letter) {
      await transport.sendMail({ from, to: letter.to, subject: letter.subject, html: letter.html, text: letter.text ?? undefined, messageId: letter.messageId ?? undefined });
    },
    close: () => transport.close(),
  };
}
