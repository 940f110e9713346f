import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useCustomerToken } from '@/lib/session';
import { Button } from '@/components/ui/Button';
import { ProfileForm } from './ProfilePage';
import { Trans } from '@lingui/react/macro';

/** /onboarding 'User Onboarding' (customer spec §2, §4): after signup; saving or skipping goes to /ai-assistant. */
export default function OnboardingPage() {
  const token = useCustomerToken();
  const navigate = useNavigate();
  if (!token) return <Navigate to={paths.login} replace />;
  const next = () => navigate(paths.assistant);
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-4 py-8 sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900"><Trans>User Onboarding</Trans></h1>
        <p className="mt-1 mb-6 text-sm text-slate-600"><Trans>Tell us a little about yourself so we can deliver faster and tailor suggestions. Every field is optional.</Trans></p>
        <ProfileForm
          onSaved={next}
          actions={(saving) => (
            <>
              <Button type="submit" loading={saving}>
                <Trans>Save &amp; Continue</Trans>
              </Button>
              <Button variant="ghost" onClick={next} disabled={saving}>
                <Trans>Skip for now</Trans>
              </Button>
            </>
          )}
        />
      </div>
    </main>
  );
}
