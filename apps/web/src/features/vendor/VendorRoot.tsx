// Scaffold: replaced by the feature's real screen.
export default function VendorRoot() {
  return <main className="p-8"><h1 className="text-xl font-semibold">VendorRoot</h1></main>;
}
