// Scaffold: replaced by the feature's real screen.
export default function VendorAuthPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">VendorAuthPage</h1></main>;
}
