// Scaffold: replaced by the feature's real screen.
export default function AdminSupportPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">AdminSupportPage</h1></main>;
}
