// Scaffold: replaced by the feature's real screen.
export default function SidePanelPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">SidePanelPage</h1></main>;
}
