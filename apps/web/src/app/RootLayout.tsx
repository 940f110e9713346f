import { Outlet } from 'react-router';
import { SupportWidgetMount } from '@/features/support/SupportWidgetMount';
import { PriceAlertNoticeMount } from '@/features/notifications/PriceAlertNoticeMount';

/** Every page, plus what floats over the customer's pages (the support widget, a fired price alert's notice). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <SupportWidgetMount />
      <PriceAlertNoticeMount />
    </>
  );
}
