// Scaffold: replaced by the feature's real screen.
export default function ProductManagerPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">ProductManagerPage</h1></main>;
}
