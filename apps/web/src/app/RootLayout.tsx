import { Outlet } from 'react-router';
import { SupportWidgetMount } from '@/features/support/SupportWidgetMount';

/** Every page, plus what floats over the customer's pages (the support widget). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <SupportWidgetMount />
    </>
  );
}
