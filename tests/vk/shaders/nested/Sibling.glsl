// Found through the including file's own folder.
const uint kSiblingValue = 21u;
