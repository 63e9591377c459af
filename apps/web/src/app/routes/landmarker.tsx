import { LandmarkPicker } from '../../features/face-tools/components/landmark-picker';
import { usePageTitle } from '../../shared/lib/page-title';

export function LandmarkerRoute() {
  usePageTitle('Landmark picker');
  return <LandmarkPicker />;
}
