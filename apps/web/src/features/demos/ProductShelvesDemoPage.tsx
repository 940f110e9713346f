// Scaffold: replaced by the feature's real screen.
export default function ProductShelvesDemoPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">ProductShelvesDemoPage</h1></main>;
}
