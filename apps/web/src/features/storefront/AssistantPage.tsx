// Scaffold: replaced by the feature's real screen.
export default function AssistantPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">AssistantPage</h1></main>;
}
