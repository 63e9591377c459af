import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { guideTokenFromPath, isValidToken } from '@earshot/core';
import { PreloadScreen } from '../../features/preload/components/preload-screen';
import { ApiError } from '../../shared/api/client';
import { usePageTitle } from '../../shared/lib/page-title';
import { GuideTheme } from '../../shared/theme/guide-theme';
import { tourByTokenQueryOptions } from '../../shared/visit/api/get-tour-by-token';
import { PreloadSkeleton } from '../layout/route-skeleton';
import { GuideLoadError } from './guide-load-error';
import { NotFoundRoute } from './not-found';

/**
 * /preload/{token} (SPEC §2 guide-preload): fetches the guide by token (unless it is already
 * loaded) and saves it for offline use before the visit.
 */
export function PreloadRoute() {
  const token = guideTokenFromPath(useParams().token ?? '');
  const valid = isValidToken(token);
  const guide = useQuery({ ...tourByTokenQueryOptions(token), enabled: valid });
  usePageTitle(guide.data ? `Getting ready: ${guide.data.title}` : 'Getting ready');
  if (!valid || (guide.error instanceof ApiError && guide.error.status === 404))
    return <NotFoundRoute />;
  if (guide.isError)
    return <GuideLoadError error={guide.error} retry={() => void guide.refetch()} />;
  return (
    <>
      <GuideTheme token={token} />
      {guide.data ? <PreloadScreen guide={guide.data} /> : <PreloadSkeleton />}
    </>
  );
}
