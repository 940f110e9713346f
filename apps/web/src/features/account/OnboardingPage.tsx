// Scaffold: replaced by the feature's real screen.
export default function OnboardingPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">OnboardingPage</h1></main>;
}
