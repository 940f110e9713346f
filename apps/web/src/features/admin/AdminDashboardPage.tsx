// Scaffold: replaced by the feature's real screen.
export default function AdminDashboardPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">AdminDashboardPage</h1></main>;
}
