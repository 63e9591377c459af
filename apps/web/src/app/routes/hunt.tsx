import { useParams } from 'react-router';
import { routeId } from '@earshot/core';
import { HuntPage } from '../../features/hunt/components/hunt-page';
import { HuntGuideTheme } from '../../shared/theme/hunt-theme';
import { NotFoundRoute } from './not-found';

/** /hunt/{id} (SPEC §2; the id is digits only, SPEC §5). */
export function HuntRoute() {
  const id = routeId(useParams().id ?? '');
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <HuntGuideTheme huntId={id} />
      <HuntPage key={id} id={id} notFound={<NotFoundRoute />} />
    </>
  );
}
