import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { paths } from './paths';
import { RootLayout } from './RootLayout';
import { loadArea, type Area } from '@/lib/i18n';

// The route table, shared by the browser's router (router.tsx) and the server's first-view render (entry-server.tsx).

type PageModule = { default: React.ComponentType };
/** Route-level code splitting: each area's pages load only when visited (vendor and admin never on the storefront). */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
/** A page of an area with a catalogue of its own (decision 0104): its texts in the page's language load with it. */
const areaPage = (area: Area, load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), loadArea(area)]);
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
      { path: paths.sidePanel, ...page(() => import('@/features/assistant/SidePanelPage')) },
      // vendor area
      { path: paths.vendor, ...areaPage('vendor', () => import('@/features/vendor/VendorRoot')) },
      { path: paths.vendorOnboarding, ...areaPage('vendor', () => import('@/features/vendor/VendorOnboardingPage')) },
      { path: paths.vendorProfile, ...areaPage('vendor', () => import('@/features/vendor/VendorProfilePage')) },
      { path: paths.vendorAuth, ...areaPage('vendor', () => import('@/features/vendor/VendorAuthPage')) },
      { path: paths.vendorLogin, ...areaPage('vendor', () => import('@/features/vendor/VendorAuthPage')) },
      { path: paths.vendorSignup, ...areaPage('vendor', () => import('@/features/vendor/VendorAuthPage')) },
      // admin area
      { path: paths.adminAccess, ...page(() => import('@/features/admin/AdminAccessPage')) },
      { path: paths.admin, ...page(() => import('@/features/admin/AdminDashboardPage')) },
      { path: paths.adminVendors, ...page(() => import('@/features/admin/AdminDashboardPage')) },
      { path: paths.adminSupport, ...page(() => import('@/features/admin/AdminSupportPage')) },
      { path: paths.adminPersonalizeTest, ...page(() => import('@/features/admin/PersonalizeTestPage')) },
      { path: paths.productManager, ...areaPage('vendor', () => import('@/features/product-manager/ProductManagerPage')) },
      { path: paths.aiOptimization, ...areaPage('vendor', () => import('@/features/optimisation/AiOptimizationPage')) },
      // demos
      { path: paths.rubiksCube, ...page(() => import('@/features/demos/RubiksCubePage')) },
      { path: paths.shelvesDemo, ...page(() => import('@/features/demos/ProductShelvesDemoPage')) },
      // any other path goes home (spec route table)
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
