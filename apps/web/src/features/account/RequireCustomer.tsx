import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useCustomerToken } from '@/lib/session';

/**
 * Customer-only pages (/onboarding, /profile): without a stored token the visitor goes to /login (customer §4, §6).
 * The server still checks the token on every call; this only spares a page that cannot load.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const token = useCustomerToken();
  const location = useLocation();
  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
