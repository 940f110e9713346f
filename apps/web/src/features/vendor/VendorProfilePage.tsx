// Scaffold: replaced by the feature's real screen.
export default function VendorProfilePage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">VendorProfilePage</h1></main>;
}
