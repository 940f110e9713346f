// Scaffold: replaced by the feature's real screen.
export default function AiOptimizationPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">AiOptimizationPage</h1></main>;
}
