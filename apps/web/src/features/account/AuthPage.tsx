// Scaffold: replaced by the feature's real screen.
export default function AuthPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">AuthPage</h1></main>;
}
