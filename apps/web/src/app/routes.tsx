import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { paths } from '@/lib/paths';
import { RootLayout } from './RootLayout';
import { loadArea } from '@/lib/i18n';

// The route table, shared by the browser's router (router.tsx) and the server's first-view render (entry-server.tsx).

type PageModule = { default: React.ComponentType };
/**
 * Route-level code splitting: each area's pages load only when visited (vendor and admin never on the storefront),
 * with the area's message catalogue in the page's language (decision 0104) loaded beside the page's code.
 */
const page = (load: () => Promise<PageModule>, ...areas: ('vendor' | 'admin')[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    // in the browser only: the server's first view of these areas is their sign-in gate, and the server's i18n is
    // shared by every request (switching its language here would switch it for a storefront page rendering beside)
    const [module] = await Promise.all([load(), ...(typeof document !== 'undefined' ? areas.map((a) => loadArea(a)) : [])]);
    return { Component: module.default };
  },
});


export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      // customer storefront
      { path: paths.home, ...page(() => import('@/features/landing/HomeRoute')) },
      { path: paths.assistant, ...page(() => import('@/features/storefront/AssistantPage')) },
      { path: paths.login, ...page(() => import('@/features/account/AuthPage')) },
      { path: paths.signup, ...page(() => import('@/features/account/AuthPage')) },
      { path: paths.onboarding, ...page(() => import('@/features/account/OnboardingPage')) },
      { path: paths.profile, ...page(() => import('@/features/account/ProfilePage')) },
      { path: paths.connect, ...page(() => import('@/features/connect/ConnectPage')) },
      { path: paths.checkout, ...page(() => import('@/features/checkout/CheckoutPage')) },
      { path: paths.checkoutPayment, ...page(() => import('@/features/checkout/PaymentReturnPage')) },
      { path: paths.sidePanel, ...page(() => import('@/features/assistant/SidePanelPage')) },
      // vendor area
      { path: paths.vendor, ...page(() => import('@/features/seller/VendorRoot'), 'vendor') },
      { path: paths.vendorOnboarding, ...page(() => import('@/features/seller/VendorOnboardingPage'), 'vendor') },
      { path: paths.vendorProfile, ...page(() => import('@/features/seller/VendorProfilePage'), 'vendor') },
      { path: paths.vendorAuth, ...page(() => import('@/features/seller/VendorAuthPage'), 'vendor') },
      { path: paths.vendorLogin, ...page(() => import('@/features/seller/VendorAuthPage'), 'vendor') },
      { path: paths.vendorSignup, ...page(() => import('@/features/seller/VendorAuthPage'), 'vendor') },
      // admin area
      { path: paths.adminAccess, ...page(() => import('@/features/admin/AdminAccessPage'), 'admin') },
      { path: paths.admin, ...page(() => import('@/features/admin/AdminDashboardPage'), 'admin') },
      { path: paths.adminVendors, ...page(() => import('@/features/admin/AdminDashboardPage'), 'admin') },
      { path: paths.adminSupport, ...page(() => import('@/features/admin/AdminSupportPage'), 'admin') },
      { path: paths.adminPersonalizeTest, ...page(() => import('@/features/admin/PersonalizeTestPage'), 'admin') },
      { path: paths.productManager, ...page(() => import('@/features/product-manager/ProductManagerPage'), 'vendor', 'admin') },
      { path: paths.aiOptimization, ...page(() => import('@/features/seller/optimisation/AiOptimizationPage'), 'vendor') },
      // demos
      { path: paths.rubiksCube, ...page(() => import('@/features/demos/RubiksCubePage')) },
      { path: paths.shelvesDemo, ...page(() => import('@/features/demos/ProductShelvesDemoPage')) },
      // any other path goes home (spec route table)
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
