/** Being written (issue 5); replaced by its owner. */
export default function SwaggerPage() {
  return null;
}
