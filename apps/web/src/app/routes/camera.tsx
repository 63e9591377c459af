import { CameraHat } from '../../features/face-tools/components/camera-hat';
import { TestPage } from './test-pages/test-page';

/** SPEC §2 test tool: the camera with a face-tracking hat. */
export function CameraRoute() {
  return (
    <TestPage
      title="Camera hat"
      lead="Point the camera at a face: a hat sits on it and follows as the head moves and tilts."
      wide
    >
      <CameraHat />
    </TestPage>
  );
}
