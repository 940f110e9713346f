// Scaffold: replaced by the feature's real screen.
export default function VendorOnboardingPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">VendorOnboardingPage</h1></main>;
}
