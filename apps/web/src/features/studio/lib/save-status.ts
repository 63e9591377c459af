/** Where the draft stands with the server, as the editor's status line says it. */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict' };

export function saveStatusText(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return 'Saved';
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline — changes kept on this device';
    case 'failed':
      return `Not saved — ${state.message} Your changes are kept on this device.`;
    case 'conflict':
      return 'Not saved — someone else changed this guide';
  }
}
