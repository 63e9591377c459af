import { ThemeEditorScreen } from '../../features/theme-editor/components/theme-editor-screen';
import { usePageTitle } from '../../shared/lib/page-title';

/** /theme (SPEC §2 test tools): the theme editor. */
export function ThemeEditorRoute() {
  usePageTitle('Theme editor');
  return <ThemeEditorScreen />;
}
