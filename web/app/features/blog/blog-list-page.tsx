import { SimplePage } from "../../layout/simple-page.tsx";

export default function BlogListPage() {
  return <SimplePage page="/blog" metaKey="blog" />;
}
