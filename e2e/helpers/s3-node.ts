/** The app server whose media are in a bucket (servers/s3-node.ts, playwright.config.ts). */
export const s3NodeURL = () => {
  const port = process.env.E2E_S3_APP_PORT;
  if (!port) throw new Error('E2E_S3_APP_PORT is set by playwright.config.ts');
  return `http://127.0.0.1:${port}`;
};
