import { LandmarkPicker } from '../../features/face-tools/components/landmark-picker';
import { TestPage } from './test-pages/test-page';

/** SPEC §2 test tool: the landmark picker (one photo in, the face's named points out). */
export function LandmarkerRoute() {
  return (
    <TestPage
      title="Landmark picker"
      lead="Choose or drop one photo of a face: its nose tip, eyes, mouth, chin and ears are marked, with their coordinates in the photo’s own pixels."
      wide
    >
      <LandmarkPicker />
    </TestPage>
  );
}
