import { Outlet, useNavigation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';

/** The root of every page: a page-wide spinner while the next route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <PageSpinner />}
      <Outlet />
    </>
  );
}
