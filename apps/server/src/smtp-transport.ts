import nodemailer from 'nodemailer';
import type { SmtpConfig } from './config.js';

/** The one SMTP transport of the app's mail (password reset, studio invitations). */
export function smtpTransport(smtp: SmtpConfig) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    // nodemailer's own logger would print the message, links included.
    logger: false,
    debug: false,
  });
}
