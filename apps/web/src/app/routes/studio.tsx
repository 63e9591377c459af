import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { StudioGate } from '../../features/studio/components/studio-gate';
import { StudioHome } from '../../features/studio/components/studio-home';
import { OrganisationsScreen } from '../../features/studio/components/organisations-screen';
import { InvitationScreen } from '../../features/studio/components/invitation-screen';
import { usePageTitle } from '../../shared/lib/page-title';
import { Spinner } from '../../shared/ui/spinner';
import { NotFoundRoute } from './not-found';

// The editor (the stops' map, the forms) loads only when a guide is opened.
const EditorScreen = lazy(() =>
  import('../../features/studio/editor/editor-screen').then((m) => ({ default: m.EditorScreen })),
);

function HomeRoute() {
  usePageTitle('Studio');
  return <StudioGate>{(me, orgs) => <StudioHome me={me} organisations={orgs} />}</StudioGate>;
}

function EditorRoute() {
  const { token = '' } = useParams();
  return (
    <StudioGate>
      {() => (
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <EditorScreen token={token} />
        </Suspense>
      )}
    </StudioGate>
  );
}

// The insights dashboard and its charts (uPlot) load only when it is opened (docs/insights.md Web).
const InsightsScreen = lazy(() =>
  import('../../features/studio/insights/insights-screen').then((m) => ({
    default: m.InsightsScreen,
  })),
);

function InsightsRoute() {
  const { token = '' } = useParams();
  return (
    <StudioGate>
      {() => (
        <Suspense fallback={<Spinner label="Loading the insights" />}>
          <InsightsScreen token={token} />
        </Suspense>
      )}
    </StudioGate>
  );
}

function OrganisationsRoute() {
  usePageTitle('Organisations');
  return (
    <StudioGate needsOrganisation={false}>
      {(me, orgs) => <OrganisationsScreen me={me} organisations={orgs} />}
    </StudioGate>
  );
}

function InvitationRoute() {
  usePageTitle('Invitation');
  const { token = '' } = useParams();
  return <InvitationScreen token={token} />;
}

/** /studio and its screens (docs/studio.md): the publishers' studio. */
export function StudioRoute() {
  return (
    <Routes>
      <Route index element={<HomeRoute />} />
      <Route path="guides/:token" element={<EditorRoute />} />
      <Route path="guides/:token/insights" element={<InsightsRoute />} />
      <Route path="organisations" element={<OrganisationsRoute />} />
      <Route path="invitations/:token" element={<InvitationRoute />} />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
