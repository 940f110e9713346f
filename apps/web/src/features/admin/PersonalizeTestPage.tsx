// Scaffold: replaced by the feature's real screen.
export default function PersonalizeTestPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">PersonalizeTestPage</h1></main>;
}
