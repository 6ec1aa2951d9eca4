/**
 * The brand lives here and only here: page titles, the blog's meta-title suffix, the footer
 * and e-mail subjects all read it, so a rename is a one-line change.
 */
export const PRODUCT_NAME = "CodCRM";
export const BLOG_TITLE_SUFFIX = `Blog ${PRODUCT_NAME}`;
