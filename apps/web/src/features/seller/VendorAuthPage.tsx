import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { VendorAuthScreen } from './VendorAuthScreen';

/** /vendor/login, /vendor/signup and /vendor/auth (the same forms; /vendor/auth starts on login). */
export default function VendorAuthPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (pathname === paths.vendorAuth) return <VendorAuthScreen initialMode="login" />;
  return (
    <VendorAuthScreen
      initialMode={pathname === paths.vendorSignup ? 'signup' : 'login'}
      onToggle={(next) => navigate(next === 'signup' ? paths.vendorSignup : paths.vendorLogin, { replace: true })}
    />
  );
}
