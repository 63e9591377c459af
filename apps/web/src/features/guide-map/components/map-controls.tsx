import type { ReactNode } from 'react';
import { badgeCount, huntChallengeCount, mapControlTop, type ScavengerHunt } from '@earshot/core';
import { useGuide } from '../../../shared/visit/use-guide';
import type { Geolocate } from '../hooks/use-geolocate';
import { BadgesControl } from './badges-control';
import { FullscreenControl } from './fullscreen-control';
import { GeolocateControl } from './geolocate-control';
import { HuntControl } from './hunt-control';
import { LayersControl } from './layers-control';
import styles from './controls.module.css';

/** Every map control is a square this many px wide (and a touch target). */
export const CONTROL_PX = 44;

type Props = { frame: HTMLElement | null; geo: Geolocate; hunts: ScavengerHunt[] };

/**
 * The map's own controls, stacked top right at the SPEC §9 offsets (core mapControlTop): a
 * control with nothing to show (no layers, no badges, no hunt) takes no place in the stack.
 */
export function MapControls({ frame, geo, hunts }: Props) {
  const guide = useGuide();
  const controls: [string, ReactNode][] = [];
  if (frame && document.fullscreenEnabled)
    controls.push(['fullscreen', <FullscreenControl target={frame} />]);
  if (guide.layers.length) controls.push(['layers', <LayersControl frame={frame} />]);
  controls.push(['geolocate', <GeolocateControl geo={geo} />]);
  if (badgeCount(guide.badges)) controls.push(['badges', <BadgesControl />]);
  if (huntChallengeCount(hunts)) controls.push(['hunt', <HuntControl hunts={hunts} />]);
  return (
    <div className={styles.stack} role="group" aria-label="Map controls">
      {controls.map(([key, control], step) => (
        <div key={key} className={styles.slot} style={{ top: mapControlTop(step, CONTROL_PX) }}>
          {control}
        </div>
      ))}
    </div>
  );
}
