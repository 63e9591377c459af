/** SPEC §7 "Track POI views and plays": guide and POI token pair plus the selected language. */
export type TrackPoiEvent = {
  kind: 'play' | 'view' | 'direct-visit';
  guide_token: string;
  poi_token: string;
  language: string | null;
};

/** Fire and forget: a failed tracking call never troubles the visitor. */
export function trackPoi(event: TrackPoiEvent): void {
  void fetch('/api/v1/track_poi/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => undefined);
}
