// Scaffold: replaced by the feature's real screen.
export default function AdminAccessPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">AdminAccessPage</h1></main>;
}
