import { CameraHat } from '../../features/face-tools/components/camera-hat';
import { usePageTitle } from '../../shared/lib/page-title';

export function CameraRoute() {
  usePageTitle('Camera hat');
  return <CameraHat />;
}
