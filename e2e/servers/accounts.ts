// The servers behind accounts in the e2e run (playwright.config.ts starts them before the
// app): a real SMTP server that catches the password-reset mail, with an HTTP inbox the tests
// read, and a real OpenID provider standing in for Google. Both come from the server's test
// support (apps/server/test/support/), run as processes.

export const OIDC_CLIENT_ID = 'earshot-e2e';
export const OIDC_CLIENT_SECRET = 'earshot-e2e-secret';

export type AccountPorts = { app: number; smtp: number; inbox: number; oidc: number };

type WebServer = {
  command: string;
  cwd: string;
  url: string;
  timeout: number;
  reuseExistingServer: boolean;
  env: Record<string, string>;
};

/** The `webServer` entries of the SMTP server and the OpenID provider. */
export function accountServers(root: string, ports: AccountPorts): WebServer[] {
  return [
    {
      command: 'npx tsx apps/server/test/support/smtp-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${ports.inbox}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_TEST_PORT: String(ports.smtp), SMTP_TEST_INBOX_PORT: String(ports.inbox) },
    },
    {
      command: 'npx tsx apps/server/test/support/oidc-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${ports.oidc}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        OIDC_TEST_PORT: String(ports.oidc),
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        OIDC_REDIRECT_URI: `http://127.0.0.1:${ports.app}/api/auth/callback/google`,
      },
    },
  ];
}

/**
 * The app server's settings for them. PUBLIC_URL is the address the browser uses: the
 * identity service trusts requests from that origin only.
 */
export const accountsEnv = (ports: AccountPorts): Record<string, string> => ({
  PUBLIC_URL: `http://127.0.0.1:${ports.app}`,
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(ports.smtp),
  SMTP_FROM: 'Earshot <no-reply@earshot.test>',
  GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
  GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
  GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${ports.oidc}/.well-known/openid-configuration`,
});
