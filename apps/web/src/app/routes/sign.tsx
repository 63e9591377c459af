import { useParams } from 'react-router';
import { SignScreen } from '../../features/signs/sign-screen';

export function SignRoute() {
  const { code = '' } = useParams();
  return <SignScreen key={code} code={code} />;
}
