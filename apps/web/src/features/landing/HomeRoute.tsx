// Scaffold: replaced by the feature's real screen.
export default function HomeRoute() {
  return <main className="p-8"><h1 className="text-xl font-semibold">HomeRoute</h1></main>;
}
