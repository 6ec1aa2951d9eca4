import { profileSchema } from "@codcrm/core/staff/staff-schemas";
import { NotFoundError, ValidationError } from "@codcrm/core/errors";
import { isAllowedImageSource } from "@codcrm/core/web/image-origins";
import { VALIDATION_CODES } from "@codcrm/core/validation";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { sessionAnswer } from "../staff/sign-in.ts";

/** The signed-in person's name, language and author page (role line, bio, photo). */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const input = parseWith(profileSchema, request.body);
  // The photo shows on the author page: from the site or a listed origin only, as an article's
  // images (docs/decisions/0206-images-from-listed-origins.md).
  if (input.photoUrl && !isAllowedImageSource(input.photoUrl, deps.config.SITE_URL, deps.config.IMAGE_ORIGINS)) {
    throw new ValidationError([
      {
        field: "photoUrl",
        code: "image_host_not_allowed",
        message: `photoUrl ${VALIDATION_CODES.image_host_not_allowed}`,
      },
    ]);
  }
  const staff = await deps.staff();
  const before = await staff.get(person.id);
  if (!before) throw new NotFoundError();
  const updated = await staff.update(
    person.id,
    { name: input.name, language: input.language, roleLine: input.roleLine, bio: input.bio, photoUrl: input.photoUrl },
    deps.clock(),
  );
  if (!updated) throw new NotFoundError();
  return audited(200, await sessionAnswer(updated, deps), {
    before: { name: before.name, language: before.language },
    after: { name: updated.name, language: updated.language },
  });
};

export const handler = lambda(route);
