/** How long a celebration stays, unless the visitor points at it or moves focus into it. */
export const CELEBRATION_MS = 10_000;
