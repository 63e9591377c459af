/** SPEC §7 visit_poi/: the visitor reached a POI's badge radius (badge points come with accounts). */
export function postVisitPoi(guideToken: string, poiToken: string, language: string | null): void {
  void fetch('/api/v1/visit_poi/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ guide_token: guideToken, poi_token: poiToken, language }),
    keepalive: true,
  }).catch(() => undefined);
}
