// Scaffold: replaced by the feature's real screen.
export default function RubiksCubePage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">RubiksCubePage</h1></main>;
}
