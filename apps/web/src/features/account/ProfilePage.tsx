// Scaffold: replaced by the feature's real screen.
export default function ProfilePage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">ProfilePage</h1></main>;
}
