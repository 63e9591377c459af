/**
 * The second server of playwright.config.ts: the same build with 2,000 generated guides (the largest small catalogue) in
 * 50 cities (servers/seed-many-guides.ts) and no demo content.
 */
export const manyGuidesURL = () => {
  const port = process.env.E2E_MANY_PORT;
  if (!port) throw new Error('E2E_MANY_PORT is set by playwright.config.ts');
  return `http://127.0.0.1:${port}`;
};
